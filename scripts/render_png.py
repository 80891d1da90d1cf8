#!/usr/bin/env python3
"""Renders terminal screens dumped by `examples/screenshots.rs` (JSON, one cell per character with its
colours and modifiers) into PNG pictures, the way a terminal would draw them.

Box-drawing lines, the diagonals of the Hex board and Braille dots are drawn as shapes, so lines join up
without gaps; everything else is drawn with DejaVu Sans Mono.

Usage: render_png.py OUT_DIR SCREEN.json...
       render_png.py --gif OUT.gif FRAME.json...   (an animation, one frame a file, in the order given)
"""
import json
import os
import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF"]
SIZE = 16
BG = (24, 26, 33)
FG = (214, 218, 226)
# The 16 terminal colours (a dark theme close to most terminals' defaults).
PALETTE = {
    "Black": (40, 42, 54), "Red": (220, 70, 70), "Green": (80, 190, 100), "Yellow": (225, 190, 70),
    "Blue": (80, 130, 230), "Magenta": (200, 100, 200), "Cyan": (70, 190, 210), "Gray": (180, 185, 195),
    "DarkGray": (110, 115, 130), "LightRed": (255, 110, 100), "LightGreen": (120, 230, 130),
    "LightYellow": (250, 225, 110), "LightBlue": (110, 170, 255), "LightMagenta": (235, 140, 235),
    "LightCyan": (120, 225, 240), "White": (240, 240, 245),
}


def font(bold):
    name = "DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf"
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return ImageFont.truetype(p, SIZE)
    sys.exit(f"render_png: {name} not found in {FONT_DIRS}: install fonts-dejavu-core")


def color(name, default):
    if name in ("Reset", ""):
        return default
    if name in PALETTE:
        return PALETTE[name]
    m = re.fullmatch(r"Rgb\((\d+), (\d+), (\d+)\)", name)
    if m:
        return tuple(int(x) for x in m.groups())
    m = re.fullmatch(r"Indexed\((\d+)\)", name)
    if m:
        i = int(m.group(1))
        return list(PALETTE.values())[i] if i < 16 else FG
    return default


# Which edges a box-drawing character joins from the cell's centre: left, right, up, down.
LINES = {
    "─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "├": "udr", "┤": "udl",
    "┬": "lrd", "┴": "lru", "┼": "lrud",
}
# Rounded corners: the quarter circle's start angle (PIL measures clockwise from 3 o'clock) and which
# quadrant of the cell holds its centre.
ARCS = {"╭": (180, 1, 1), "╮": (270, -1, 1), "╰": (90, 1, -1), "╯": (0, -1, -1)}


def draw_shape(d, ch, x, y, w, h, fg):
    cx, cy = x + w // 2, y + h // 2
    if ch in LINES:
        for e in LINES[ch]:
            end = {"l": (x, cy), "r": (x + w, cy), "u": (cx, y), "d": (cx, y + h)}[e]
            d.line([(cx, cy), end], fill=fg, width=1)
        return True
    if ch in ARCS:
        start, sx, sy = ARCS[ch]
        r = min(w, h) // 2
        ox, oy = cx + sx * r, cy + sy * r
        d.arc([ox - r, oy - r, ox + r, oy + r], start, start + 90, fill=fg, width=1)
        # The straight parts from the arc's ends to the cell's edges.
        if sx > 0:
            d.line([(ox, cy), (x + w, cy)], fill=fg, width=1)
        else:
            d.line([(x, cy), (ox, cy)], fill=fg, width=1)
        if sy > 0:
            d.line([(cx, oy), (cx, y + h)], fill=fg, width=1)
        else:
            d.line([(cx, y), (cx, oy)], fill=fg, width=1)
        return True
    if ch in "╲╱╳":
        if ch in "╲╳":
            d.line([(x, y), (x + w, y + h)], fill=fg, width=1)
        if ch in "╱╳":
            d.line([(x + w, y), (x, y + h)], fill=fg, width=1)
        return True
    code = ord(ch)
    if 0x2800 <= code <= 0x28FF:
        bits = code - 0x2800
        dots = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
        r = max(1, w // 8)
        for i, (dx, dy) in enumerate(dots):
            if bits & (1 << i):
                px, py = x + w * (1 + 2 * dx) // 4, y + h * (1 + 2 * dy) // 8
                d.ellipse([px - r, py - r, px + r, py + r], fill=fg)
        return True
    if ch == "█":
        d.rectangle([x, y, x + w - 1, y + h - 1], fill=fg)
        return True
    return False


def render(path, out_dir):
    img = draw(path)
    name = os.path.splitext(os.path.basename(path))[0] + ".png"
    target = os.path.join(out_dir, name)
    img.save(target, optimize=True)
    print(target)


def animate(target, paths):
    """Renders every frame and writes them as one looping GIF: 1.2 s a frame, 4 s on the last."""
    frames = [draw(p).convert("P", palette=Image.ADAPTIVE, colors=64) for p in paths]
    durations = [1200] * (len(frames) - 1) + [4000]
    frames[0].save(target, save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=True)
    print(target)


def draw(path):
    """The screen dumped at `path`, drawn as a picture."""
    with open(path, encoding="utf-8") as f:
        screen = json.load(f)
    regular, bold = font(False), font(True)
    w = int(round(regular.getlength("M")))
    h = int(SIZE * 1.3)
    pad = 12
    img = Image.new("RGB", (screen["width"] * w + 2 * pad, screen["height"] * h + 2 * pad), BG)
    d = ImageDraw.Draw(img)
    for i, (sym, fg_name, bg_name, mods) in enumerate(screen["cells"]):
        col, row = i % screen["width"], i // screen["width"]
        x, y = pad + col * w, pad + row * h
        fg, bg = color(fg_name, FG), color(bg_name, BG)
        if "reversed" in mods:
            fg, bg = bg, fg
        if "dim" in mods:
            fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
        if bg != BG:
            d.rectangle([x, y, x + w - 1, y + h - 1], fill=bg)
        if sym.strip() and not draw_shape(d, sym, x, y, w, h, fg):
            d.text((x, y + (h - SIZE) // 2 - 1), sym, font=bold if "bold" in mods else regular, fill=fg)
        if "underlined" in mods:
            d.line([(x, y + h - 2), (x + w - 1, y + h - 2)], fill=fg, width=1)
    return img


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "--gif":
        animate(sys.argv[2], sys.argv[3:])
        return
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    for path in sys.argv[2:]:
        render(path, sys.argv[1])


if __name__ == "__main__":
    main()
