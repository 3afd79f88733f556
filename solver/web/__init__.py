"""The arbiter's desk: a local web page over a folder of match files, a view like the command line.

``schev serve`` (``solver/cli/serve.py``) starts it.  :mod:`.app` builds the Starlette application
from the pages, one module a page (:mod:`.home`, :mod:`.round_page`, :mod:`.standings_page`,
:mod:`.downloads`, :mod:`.display`, :mod:`.new_match`, :mod:`.change`); :mod:`.folder` lists the
match files served and names them by an opaque id, :mod:`.security` keeps it safe (Host header,
access token, cross-site form tokens), :mod:`.render` the templates, :mod:`.jobs` the one design
running, :mod:`.forms` reads a typed match, and :mod:`.server` runs it under uvicorn.  The pages hold
no match logic of their own: they call ``solver/match/``, ``solver/io/`` and ``solver/export/`` as
the command line does, and the match file is the only store.
"""
