"""Work on schedules: design pipeline, verifier, comparison, I/O and the ``schev`` command line."""
