"""Plain frozen data shared by every layer: alphabets, entries, layouts, rulesets."""
