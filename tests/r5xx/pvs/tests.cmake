# ---- r5xx.pvs: the R5xx programmable vertex shader (docs/blocks/r5xx.pvs.md) ------------------
