"""rcosim_py - what the Python tools of scripts/ share (docs/ARCHITECTURE.md, "scripts/"):
vector (the one reader and writer of the vector format), atomic (whole-file writes), rng (seeded
randomness), check (the generators' --check plumbing), cli (usage errors), runs and report (one
regression run; the reports).  scripts/ is the import root: the tools run with it on sys.path
(python3 -m from scripts/, or PYTHONPATH=scripts, as rcosim, the tests and regen-vectors run them)."""
