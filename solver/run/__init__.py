"""What every search of a design run shares: its parameters and its stop flag."""
