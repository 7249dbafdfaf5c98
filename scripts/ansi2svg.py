#!/usr/bin/env python3
"""Turns a tmux `capture-pane -e -p` dump (text with SGR colour codes) into an SVG screenshot.

Usage: ansi2svg.py INPUT.ansi OUTPUT.svg [--title TITLE]
Only the standard library: it runs on a fresh machine.
"""
import html
import re
import sys
import unicodedata

PALETTE16 = [
    "#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
    "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea",
]
DEFAULT_FG, DEFAULT_BG = "#d8d8d8", "#16181c"


def xterm256(n):
    if n < 16:
        return PALETTE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


def width(ch):
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def parse(text):
    rows = []
    for line in text.split("\n"):
        style = {"fg": None, "bg": None, "bold": False, "dim": False, "rev": False, "ul": False}
        cells = []
        i = 0
        while i < len(line):
            m = re.match(r"\x1b\[([0-9;:]*)m", line[i:])
            if m:
                codes = [int(c) if c else 0 for c in re.split("[;:]", m.group(1))] or [0]
                j = 0
                while j < len(codes):
                    c = codes[j]
                    if c == 0:
                        style = {"fg": None, "bg": None, "bold": False, "dim": False, "rev": False, "ul": False}
                    elif c == 1: style["bold"] = True
                    elif c == 2: style["dim"] = True
                    elif c == 4: style["ul"] = True
                    elif c == 7: style["rev"] = True
                    elif c == 22: style["bold"] = style["dim"] = False
                    elif c == 24: style["ul"] = False
                    elif c == 27: style["rev"] = False
                    elif 30 <= c <= 37: style["fg"] = PALETTE16[c - 30]
                    elif 90 <= c <= 97: style["fg"] = PALETTE16[c - 90 + 8]
                    elif c == 39: style["fg"] = None
                    elif 40 <= c <= 47: style["bg"] = PALETTE16[c - 40]
                    elif 100 <= c <= 107: style["bg"] = PALETTE16[c - 100 + 8]
                    elif c == 49: style["bg"] = None
                    elif c in (38, 48) and j + 2 < len(codes) and codes[j + 1] == 5:
                        style["fg" if c == 38 else "bg"] = xterm256(codes[j + 2]); j += 2
                    elif c in (38, 48) and j + 4 < len(codes) and codes[j + 1] == 2:
                        style["fg" if c == 38 else "bg"] = "#%02x%02x%02x" % tuple(codes[j + 2:j + 5]); j += 4
                    j += 1
                i += len(m.group(0))
                continue
            if line[i] == "\x1b":
                m = re.match(r"\x1b[\[\]()][0-9;?]*[A-Za-z]?", line[i:])
                i += len(m.group(0)) if m else 1
                continue
            cells.append((line[i], dict(style)))
            i += 1
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def render(rows, title):
    cw, ch, pad, bar = 8.4, 17, 12, 28
    cols = max((sum(width(c) for c, _ in r) for r in rows), default=80)
    w, h = int(cols * cw + 2 * pad), int(len(rows) * ch + 2 * pad + bar)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           f'<rect width="{w}" height="{h}" rx="8" fill="{DEFAULT_BG}"/>',
           '<circle cx="18" cy="14" r="5" fill="#ff5f56"/><circle cx="34" cy="14" r="5" fill="#ffbd2e"/>'
           '<circle cx="50" cy="14" r="5" fill="#27c93f"/>',
           f'<text x="{w / 2}" y="18" fill="#888" font-family="sans-serif" font-size="12" text-anchor="middle">{html.escape(title)}</text>',
           '<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve">']
    for y, row in enumerate(rows):
        x = 0
        top = pad + bar + y * ch
        for c, s in row:
            fg, bg = s["fg"] or DEFAULT_FG, s["bg"]
            if s["rev"]:
                fg, bg = (s["bg"] or DEFAULT_BG), (s["fg"] or DEFAULT_FG)
            cwid = width(c)
            px = pad + x * cw
            if bg:
                out.append(f'<rect x="{px:.1f}" y="{top}" width="{cw * max(cwid, 1):.1f}" height="{ch}" fill="{bg}"/>')
            if c != " ":
                attrs = f'fill="{fg}"'
                if s["bold"]: attrs += ' font-weight="bold"'
                if s["dim"]: attrs += ' fill-opacity="0.6"'
                if s["ul"]: attrs += ' text-decoration="underline"'
                out.append(f'<text x="{px:.1f}" y="{top + ch - 4}" {attrs}>{html.escape(c)}</text>')
            x += cwid
    out.append("</g></svg>")
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    title = "clubhouse"
    if "--title" in args:
        k = args.index("--title"); title = args[k + 1]; del args[k:k + 2]
    src, dst = args
    with open(src, encoding="utf-8", errors="replace") as f:
        rows = parse(f.read())
    with open(dst, "w", encoding="utf-8") as f:
        f.write(render(rows, title))


if __name__ == "__main__":
    main()
