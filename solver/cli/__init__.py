"""The ``schev`` command line: thin views over the library."""
