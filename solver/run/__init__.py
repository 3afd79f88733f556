"""What every search of a design run shares: its stop flag."""
