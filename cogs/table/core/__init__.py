"""The table's Discord-free core (DESIGN §5, issue 18): every change to a game — act, start,
join/leave, resign, cancel, a timeout's decision, expiry, the automatic player — is made here, in
one transaction with one retry loop on a stale version, and comes back as one value describing what
changed. Nothing in this package imports ``discord`` (a test checks it); the Discord side tells the
change and listeners react to it.
"""
