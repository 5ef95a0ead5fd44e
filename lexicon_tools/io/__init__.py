"""Every file read and write of lexicon-tools lives below this package."""
