# Compares the emulator's blurred and zoomed images with NumPy references (rgba8unorm: the
# kernel's floats are rounded to 8 bits, so the references are too).
import sys
import numpy as np

src = np.load("photo.npy").astype(np.float64) / 255.0
h, w, _ = src.shape

# Blur: the 3x3 mean with clamp-to-edge.
pad = np.pad(src, ((1, 1), (1, 1), (0, 0)), mode="edge")
blur = sum(pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9.0
want = np.rint(np.clip(blur, 0, 1) * 255)
got = np.load(sys.argv[1]).astype(np.float64)
assert np.abs(got - want).max() <= 1, ("blur", np.abs(got - want).max())

# Zoom: bilinear, mirrored repeat, normalised coordinates.
def mirror(i, n):
    p = np.mod(i, 2 * n)
    return np.where(p >= n, 2 * n - 1 - p, p)

yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
zoom = np.float32(2.5)
u = ((xx + 0.5) / w - 0.5) * zoom + 0.5
v = ((yy + 0.5) / h - 0.5) * zoom + 0.5
a, b = u * w - 0.5, v * h - 0.5
x0, y0 = np.floor(a).astype(int), np.floor(b).astype(int)
fx, fy = (a - x0)[..., None], (b - y0)[..., None]
t = lambda xi, yi: src[mirror(yi, h), mirror(xi, w)]
zoomed = (t(x0, y0) * (1 - fx) * (1 - fy) + t(x0 + 1, y0) * fx * (1 - fy)
          + t(x0, y0 + 1) * (1 - fx) * fy + t(x0 + 1, y0 + 1) * fx * fy)
want = np.rint(np.clip(zoomed, 0, 1) * 255)
got = np.load(sys.argv[2]).astype(np.float64)
assert np.abs(got - want).max() <= 1, ("zoom", np.abs(got - want).max())
print("blur and zoom match the NumPy references")
