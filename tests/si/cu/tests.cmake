# ---- si.cu: Sea Islands compute unit (docs/blocks/si.cu.md) ----
