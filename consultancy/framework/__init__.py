"""Where the site adapts Reflex, React Router, Vite and socket.io: see README.md here, the
upgrade checklist. Nothing outside this package reaches into the framework's internals."""
