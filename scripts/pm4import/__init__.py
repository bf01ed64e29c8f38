"""pm4import: 'rcosim import' (docs/import.md): a captured PM4 ring / indirect-buffer dump and memory
snapshots turned into an r5xx.gpu vector, and the exporter that writes such a dump from a vector."""
