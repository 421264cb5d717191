"""Statistics for game results."""

from __future__ import annotations


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional: shared wins).

    Returns ``(low, high)``. Raises ``ValueError`` if ``n`` < 1.
    """
    from scipy.stats import norm

    if n < 1:
        raise ValueError("n must be at least 1")
    z = float(norm.ppf(0.5 + confidence / 2))
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return centre - half, centre + half
