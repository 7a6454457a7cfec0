# Screenshot pixels for the CLI tests: the PNG is decoded by the game's own loader (the png_to_ppm tool
# beside the quickstep binary, SDL_image) and read back as a binary PPM.
# read_png(path) -> (width, height, pixel(x, y) -> (r, g, b)).
import os
import subprocess


def read_png(path):
    tool = os.path.join(os.environ["QS_BIN_DIR"], "png_to_ppm")
    data = subprocess.run([tool, path, "-"], check=True, stdout=subprocess.PIPE).stdout
    header = data.split(b"\n", 3)
    assert header[0] == b"P6", "png_to_ppm did not write a PPM"
    width, height = map(int, header[1].split())
    assert header[2] == b"255"
    pixels = header[3]
    assert len(pixels) == width * height * 3, "truncated PPM"

    def pixel(x, y):
        at = (y * width + x) * 3
        return tuple(pixels[at:at + 3])

    return width, height, pixel
