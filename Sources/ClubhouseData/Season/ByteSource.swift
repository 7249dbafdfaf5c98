import CZlib
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a reader's bytes come from, a chunk at a time: a file, a gzip-compressed file (inflated as it is read), or
/// bytes already in memory. `read` appends at most `limit` bytes to `buffer` and returns how many (0: the end).
/// Errors are sentences about the file (the reader adds its name and line).
public protocol ByteSource {
    mutating func read(into buffer: inout [UInt8], limit: Int) throws(ByteSourceError) -> Int
}

/// A source that couldn't give its bytes: why, in a sentence.
public struct ByteSourceError: Error, Hashable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Bytes in memory.
public struct MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func read(into buffer: inout [UInt8], limit: Int) throws(ByteSourceError) -> Int {
        let n = min(limit, bytes.count - offset)
        buffer.append(contentsOf: bytes[offset..<offset + n])
        offset += n
        return n
    }
}

/// A file read with `read(2)`; closed at the end or when released.
public final class FileSource: ByteSource {
    private var fd: Int32
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    /// Opens `path` for reading; nil when it can't be opened (missing, a folder, no permission).
    public init?(path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { if fd >= 0 { close(fd) } }

    public func read(into buffer: inout [UInt8], limit: Int) throws(ByteSourceError) -> Int {
        guard fd >= 0 else { return 0 }
        if scratch.count < limit { scratch = [UInt8](repeating: 0, count: limit) }
        var n: Int
        repeat {
            n = scratch.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, limit) }
        } while n < 0 && errno == EINTR
        if n < 0 { throw ByteSourceError("cannot read the file (\(String(cString: strerror(errno))))") }
        if n == 0 { close(fd); fd = -1; return 0 }
        buffer.append(contentsOf: scratch[0..<n])
        return n
    }
}

/// A gzip (or zlib) stream inflated as it is read, over another source. Concatenated gzip members are read through,
/// as `gunzip` does. A stream that stops before its end is refused as truncated, damaged data as damaged: a download
/// cut short never reads as a shorter file.
public final class GzipSource: ByteSource {
    private var input: any ByteSource
    private var stream = z_stream()
    private var inputBuffer: [UInt8] = []
    private var inputOffset = 0
    private var output = [UInt8](repeating: 0, count: 1 << 16)
    private var started = false, finished = false, inputEnded = false
    /// Compressed bytes taken from the underlying source so far.
    public private(set) var compressedBytesRead = 0

    public init(_ input: any ByteSource) { self.input = input }

    deinit { if started { inflateEnd(&stream) } }

    /// Whether `bytes` start like gzip data (the magic number 1f 8b).
    public static func looksCompressed(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b }

    public func read(into buffer: inout [UInt8], limit: Int) throws(ByteSourceError) -> Int {
        if finished { return 0 }
        if !started {
            guard cz_inflate_init_gzip(&stream) == Z_OK else { throw ByteSourceError("cannot start decompressing (zlib)") }
            started = true
            try fill()
            guard !inputBuffer.isEmpty else { throw ByteSourceError("the file is empty") }
            guard GzipSource.looksCompressed(Array(inputBuffer.prefix(2))) else {
                throw ByteSourceError("the file is named .gz but is not gzip-compressed")
            }
        }
        if output.count < limit { output = [UInt8](repeating: 0, count: limit) }
        while true {
            if inputOffset == inputBuffer.count && !inputEnded { try fill() }
            let available = inputBuffer.count - inputOffset
            var status: Int32 = Z_OK
            var produced = 0, consumed = 0
            inputBuffer.withUnsafeMutableBufferPointer { inBuf in
                output.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_in = available > 0 ? inBuf.baseAddress! + inputOffset : nil
                    stream.avail_in = UInt32(available)
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(limit)
                    status = inflate(&stream, Z_NO_FLUSH)
                    produced = limit - Int(stream.avail_out)
                    consumed = available - Int(stream.avail_in)
                }
            }
            inputOffset += consumed
            buffer.append(contentsOf: output[0..<produced])
            switch status {
            case Z_STREAM_END:
                // Another gzip member may follow (concatenated files); anything else after the end is ignored, as gunzip does.
                if inputOffset == inputBuffer.count && !inputEnded { try fill() }
                if inputOffset < inputBuffer.count, GzipSource.looksCompressed(Array(inputBuffer[inputOffset...].prefix(2))) {
                    inflateReset(&stream)
                } else {
                    finished = true
                }
                if produced > 0 || finished { return produced }
            case Z_OK:
                if produced > 0 { return produced }
            case Z_BUF_ERROR where inputEnded && inputOffset == inputBuffer.count:
                throw ByteSourceError("the compressed data stops before its end: the file is truncated (an interrupted download?)")
            case Z_BUF_ERROR:
                if produced > 0 { return produced }
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw ByteSourceError("the compressed data is damaged (\(message))")
            }
            if inputEnded && inputOffset == inputBuffer.count && produced == 0 && status != Z_STREAM_END {
                throw ByteSourceError("the compressed data stops before its end: the file is truncated (an interrupted download?)")
            }
        }
    }

    private func fill() throws(ByteSourceError) {
        if inputOffset > 0 { inputBuffer.removeFirst(inputOffset); inputOffset = 0 }
        let n = try input.read(into: &inputBuffer, limit: 1 << 16)
        compressedBytesRead += n
        if n == 0 { inputEnded = true }
    }
}
