"""Reading and writing: input files, the spec, the match file, TRF, the report."""
