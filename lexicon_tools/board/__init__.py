"""Premium-square layouts: validation, design metrics, symmetry, generation.

Core package (plain data and algorithms, no file IO, no typer/yaml): it takes a
`lexicon_tools.model.layout.Layout` and returns data.

| module | what it holds |
|---|---|
| `geometry` | centre block, rings, quadrants, distances on a rows x cols board |
| `symmetry` | the eight square symmetries, symmetry classification, orbits |
| `metrics` | design metrics: densities, start distances, clusters, TW lanes |
| `constraints` | the constraint set shared by `validate` and `generate`, and its parsers |
| `validate` | layout validation collecting every problem |
| `plan` | feasibility of premium counts under a symmetry (orbit-size arithmetic) |
| `generate` | the random-board generator (`generate_layout`) |
| `rowstrings` | row-string conversion (this project's legend and macondo's) |
| `colours` | colour names to RGB, default colours per premium kind |
| `render_text` | the terminal grid with legend |
"""
