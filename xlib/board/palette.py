"""Colours for the boards: the Okabe–Ito palette, safe for colour-blind viewers.

Colour is never the only cue: every piece also carries its letter."""

PLAYER = {
    "blue": "#0072B2",
    "purple": "#CC79A7",   # reddish purple
    "green": "#009E73",    # bluish green
    "grey": "#999999",
    "red": "#D55E00",      # vermillion
    "yellow": "#F0E442",
    "white": "#FFFFFF",
    "black": "#111111",
}
TINT = {  # light region backgrounds
    "blue": "#D6E9F5",
    "purple": "#F5E1EC",
    "green": "#D2EFE6",
    "grey": "#E6E6E6",
}
HIGHLIGHT = "#E69F00"   # orange: legal targets
LAST = "#111111"        # the last move's marks
TEXT = "#222222"
BACKGROUND = "#FAFAF7"
