"""The site's illustrations, drawn with Pillow in one flat-vector house style: `python -m scripts.images`.

- build.py: the list of every image the site ships (path under assets/ and what draws it), and `main`.
- output.py: encoders, writing files, and the smaller copies listed in consultancy/images.py.
- One module per subject: hero.py, services/ (a module per field of service), about.py, gallery.py,
  videos.py, industries.py, logos.py (the firm's emblem), clients.py (placeholder client logos),
  portraits.py (founder and testimonials) and map.py.
- kit/: the parts those scenes are built from (landscape, trees, buildings, plant, vehicles, objects).
- stage.py, canvas.py, geometry.py: moods and stages, the supersampling `Pen`, point helpers.
- shapes/: the hand-laid data, apart from the drawing code and out of `ruff format`: palette, moods,
  the emblem, the brand, industry and portrait tables, and outlines of vehicles, plant, equipment
  and client marks (placed by `geometry.placed`).
"""
