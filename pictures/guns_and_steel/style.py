"""Colours of the Guns & Steel pictures (Discord dark theme)."""
from __future__ import annotations

MARGIN = 10
# Type sizes of the board, drawn at the kit's picture width (800 px, pictures.draw.WIDTH) as
# Discord shows it (a phone half as wide): the smallest text is 19 px.
SMALL = 19             # the smallest text: labels, conditions, the legend
BODY = 20              # numbers and names in a player's strip
NAME = 21              # card names (down to SMALL when long)
HEAD = 25              # the title

BG = (43, 45, 49)            # Discord dark message background
PANEL = (49, 51, 56)
TILE = (30, 31, 34)
TILE_ACTIVE = (40, 44, 58)
TEXT = (242, 243, 245)
MUTED = (165, 170, 180)
FAINT = (96, 100, 110)
EXTRA = (250, 200, 70)       # the "+N connected below" energy
GOOD = (87, 200, 120)
ACCENT = (88, 101, 242)      # Discord blurple: whose turn
GOLD = (232, 185, 60)

ENERGY_COLOURS = {
    "food": (106, 190, 75), "iron": (150, 158, 168), "horse": (196, 134, 70), "gunpowder": (214, 72, 60),
    "oil": (24, 24, 26), "earth": (58, 140, 218), "space": (152, 92, 212),
}
TYPE_COLOURS = {"tech": (74, 144, 226), "tactic": (230, 180, 60), "unit": (220, 80, 80)}
# The four colours of the starting decks (data/starting_cards.json), one per seat.
SEAT_COLOURS = [(240, 200, 60), (240, 140, 50), (225, 70, 70), (160, 100, 220)]

ENERGIES_ORDER = ("food", "iron", "horse", "gunpowder", "oil", "earth", "space")
