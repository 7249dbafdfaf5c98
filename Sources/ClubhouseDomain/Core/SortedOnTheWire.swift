import Foundation

/// A set written to JSON as a sorted array. A `Set`'s own order depends on each process's hash seed, so without this
/// two server instances (or two runs) would write the same answer as different bytes — and different `ETag`s.
@propertyWrapper
public struct SortedOnTheWire<Element: Hashable & Codable & Comparable & Sendable>: Hashable, Codable, Sendable {
    public var wrappedValue: Set<Element>
    public init(wrappedValue: Set<Element>) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws { wrappedValue = Set(try decoder.singleValueContainer().decode([Element].self)) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue.sorted())
    }
}
