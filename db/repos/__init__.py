"""The store's repositories, one per area (issue 45 §3), over one :class:`db.context.Context`."""
