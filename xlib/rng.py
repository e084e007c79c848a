"""Random streams derived only from a seed and labels, so that games and experiments repeat exactly."""
from __future__ import annotations

import hashlib
import json
import random

from .errors import SeedError


def stream(seed: int, *labels: object) -> random.Random:
    """A random.Random seeded by (seed, labels); the same inputs give the same stream on every machine."""
    seed = check_seed(seed)
    text = json.dumps([seed, *[str(x) for x in labels]], separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def check_seed(seed: object) -> int:
    """A seed is a whole number (not a bool, a float or text); anything else raises SeedError naming it."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"seed must be a whole number, not {seed!r} ({type(seed).__name__})")
    return seed
