"""rng.py - the seeded randomness of the Python tools: every random choice from one stated seed.

stimulus(seed) is the generator a directed-stimulus script (scripts/blocks) draws from: Python's
Mersenne Twister seeded with an integer, so a committed stimulus file is what the same seed gives
again (its comment names the seed).  Stream and seed_mix are bridge/rc_rng.h (splitmix64) in
Python: the exporters start their benches' back-pressure and memory-latency streams from them.
lcg() is the fill pattern some directed stimuli were made with.
"""
import random

M64 = (1 << 64) - 1


def stimulus(seed):
    """A random.Random seeded with the integer seed."""
    if not isinstance(seed, int):
        raise TypeError('a stimulus seed is an integer, got %r' % (seed,))
    return random.Random(seed)


def words(r, n, bits=32):
    """n values of the given width drawn from r."""
    return [r.getrandbits(bits) for _ in range(n)]


def lcg(seed, a=1664525, c=1013904223):
    """An endless 32-bit linear congruential sequence x = a*x + c from seed (the first value is
    the step after seed): cheap fill patterns whose constants a committed file was made with
    (r5xx.rb3d's colours and memory: the defaults; r5xx.gpu's surfaces: a=1103515245, c=12345)."""
    x = seed & 0xFFFFFFFF
    while True:
        x = (x * a + c) & 0xFFFFFFFF
        yield x


def _mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Stream:
    """rc_rng: splitmix64 from a start state."""

    def __init__(self, state):
        self.s = state & M64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        return _mix(self.s)

    def below(self, n):
        """A value in [0, n) (rc_rng_below)."""
        return (self.next() * n) >> 64


def seed_mix(seed, tag):
    """rc_seed_mix: the start state of the stream of purpose tag under the run's seed."""
    r = Stream(seed ^ ((tag * 0xD1342543DE82EF95) & M64))
    r.next()
    return r.next()
