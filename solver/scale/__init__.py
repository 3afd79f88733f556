"""Organisers' matches at scale: a start keeping the requests, conflict counting, recolouring, LNS."""
