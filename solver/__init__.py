"""What works on schedules: designing, searching at scale, verifying, reading and writing, running a match, the CLI."""
