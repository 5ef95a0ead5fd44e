"""`python -m lexicon_tools` runs the CLI."""

from lexicon_tools.cli.app import main

if __name__ == "__main__":
    main()
