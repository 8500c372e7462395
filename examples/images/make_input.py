# Writes photo.npy (a 32x32 RGBA test card, uint8) and blank.npy (zeros of the same shape).
import numpy as np

h, w = 32, 32
y, x = np.mgrid[0:h, 0:w]
img = np.zeros((h, w, 4), np.uint8)
img[..., 0] = (x * 255 // (w - 1)).astype(np.uint8)
img[..., 1] = (y * 255 // (h - 1)).astype(np.uint8)
img[..., 2] = np.where((x // 4 + y // 4) % 2 == 0, 255, 0).astype(np.uint8)
img[..., 3] = 255
np.save("photo.npy", img)
np.save("blank.npy", np.zeros_like(img))
