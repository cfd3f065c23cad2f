"""Blender script: render a height field as a lit metal relief (Cycles on the CPU, headless).

Run by `tools/assets/render/jobs.py`, never imported by the project (it needs Blender's `bpy`):

    blender -b --factory-startup -P relief.py -- JOB.json

JOB.json names a raw float32 file of W×H heights (row 0 at the top, in units of the tile's
half-width), a raw float32 coverage mask (0…1, the same size: its 0.5 contour is the figure's
outline, so edges stay smooth instead of following the grid), a raw float32 material-mix map
(0 → material "a", 1 → material "b"), the two materials, the output PNG and its size in pixels;
optionally a raw float32 RGBA albedo map (linear, the same size) that tints material "a" (stone,
clay: a colour that changes over the figure).
The camera is orthographic, framing the canvas exactly and tilted a little toward the viewer, so
a figure lands where its mask was; everything outside the outline renders transparent.
"""

import json
import math
import sys
from array import array

import bpy  # type: ignore[import-not-found]  # Blender's own module, only inside Blender


def _floats(path: str, n: int) -> array:
    a = array("f")
    with open(path, "rb") as f:
        a.fromfile(f, n)
    return a


def _grid(w: int, h: int, hgt: array, cov: array, mix: array, aspect: float, alb: array | None = None):
    """A w×h vertex grid spanning x ∈ [-1, 1], y ∈ [-aspect, aspect], heights from the field."""
    verts: list[tuple[float, float, float]] = []
    sx = 2.0 / (w - 1)
    for j in range(h):
        y = aspect - j * sx
        row = j * w
        verts.extend((i * sx - 1.0, y, hgt[row + i]) for i in range(w))
    faces = []
    for j in range(h - 1):
        r0, r1 = j * w, (j + 1) * w
        for i in range(w - 1):
            # keep only cells near the figure (any corner covered): fewer triangles to trace
            if cov[r0 + i] + cov[r0 + i + 1] + cov[r1 + i] + cov[r1 + i + 1] > 0.004:
                faces.append((r0 + i, r1 + i, r1 + i + 1, r0 + i + 1))
    mesh = bpy.data.meshes.new("relief")
    mesh.from_pydata(verts, [], faces)
    mesh.update()
    for name, data in (("cov", cov), ("mix", mix)):
        attr = mesh.attributes.new(name, "FLOAT", "POINT")
        attr.data.foreach_set("value", data)
    if alb is not None:
        col = mesh.attributes.new("alb", "FLOAT_COLOR", "POINT")
        col.data.foreach_set("color", alb)
    mesh.polygons.foreach_set("use_smooth", [True] * len(mesh.polygons))
    return mesh


def _principled(nt, spec: dict):
    b = nt.nodes.new("ShaderNodeBsdfPrincipled")
    b.inputs["Base Color"].default_value = (*spec["color"], 1.0)
    b.inputs["Metallic"].default_value = spec.get("metallic", 1.0)
    b.inputs["Roughness"].default_value = spec.get("roughness", 0.25)
    b.inputs["Specular"].default_value = spec.get("specular", 0.5)
    if "clearcoat" in spec:
        b.inputs["Clearcoat"].default_value = spec["clearcoat"]
    if "sheen" in spec:
        b.inputs["Sheen"].default_value = spec["sheen"]
    return b


def _material(a: dict, b: dict, albedo: bool = False):
    mat = bpy.data.materials.new("relief")
    mat.use_nodes = True
    nt = mat.node_tree
    nt.nodes.clear()
    out = nt.nodes.new("ShaderNodeOutputMaterial")
    cov = nt.nodes.new("ShaderNodeAttribute")
    cov.attribute_name = "cov"
    mix_attr = nt.nodes.new("ShaderNodeAttribute")
    mix_attr.attribute_name = "mix"
    edge = nt.nodes.new("ShaderNodeMapRange")  # the 0.5 contour, antialiased by sampling
    edge.inputs["From Min"].default_value = 0.42
    edge.inputs["From Max"].default_value = 0.58
    nt.links.new(cov.outputs["Fac"], edge.inputs["Value"])
    both = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(mix_attr.outputs["Fac"], both.inputs["Fac"])
    pa = _principled(nt, a)
    if albedo:  # the figure's own colours, times material a's
        alb = nt.nodes.new("ShaderNodeAttribute")
        alb.attribute_name = "alb"
        tint = nt.nodes.new("ShaderNodeMixRGB")
        tint.blend_type = "MULTIPLY"
        tint.inputs["Fac"].default_value = 1.0
        tint.inputs["Color1"].default_value = (*a["color"], 1.0)
        nt.links.new(alb.outputs["Color"], tint.inputs["Color2"])
        nt.links.new(tint.outputs["Color"], pa.inputs["Base Color"])
    nt.links.new(pa.outputs[0], both.inputs[1])
    nt.links.new(_principled(nt, b).outputs[0], both.inputs[2])
    cut = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(edge.outputs["Result"], cut.inputs["Fac"])
    nt.links.new(nt.nodes.new("ShaderNodeBsdfTransparent").outputs[0], cut.inputs[1])
    nt.links.new(both.outputs[0], cut.inputs[2])
    nt.links.new(cut.outputs[0], out.inputs["Surface"])
    return mat


def _world(scene):
    """A studio sky seen in the metal: bright warm up-left, dark down-right, a cool low band."""
    world = bpy.data.worlds.new("studio")
    scene.world = world
    world.use_nodes = True
    nt = world.node_tree
    coord = nt.nodes.new("ShaderNodeTexCoord")
    key = nt.nodes.new("ShaderNodeVectorMath")
    key.operation = "DOT_PRODUCT"
    key.inputs[1].default_value = (-0.55, 0.62, 0.56)
    nt.links.new(coord.outputs["Generated"], key.inputs[0])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    els = ramp.color_ramp.elements
    els[0].position, els[0].color = 0.0, (0.008, 0.007, 0.006, 1)
    els[1].position, els[1].color = 0.97, (4.5, 4.1, 3.6, 1)
    # a face turned to the camera reflects about 0.72 here: mid-dark, so the bevels that turn
    # up-left flash and those turned away go dark (polished metal, not a flat bright fill)
    mids = ((0.5, (0.02, 0.018, 0.016, 1)), (0.66, (0.16, 0.15, 0.13, 1)), (0.76, (0.5, 0.46, 0.4, 1)))
    mids += ((0.86, (1.5, 1.4, 1.25, 1)),)
    for pos, col in mids:
        e = els.new(pos)
        e.color = col
    to01 = nt.nodes.new("ShaderNodeMapRange")
    to01.inputs["From Min"].default_value = -1.0
    nt.links.new(key.outputs["Value"], to01.inputs["Value"])
    nt.links.new(to01.outputs["Result"], ramp.inputs["Fac"])
    # a cool rim band low on the right
    rim = nt.nodes.new("ShaderNodeVectorMath")
    rim.operation = "DOT_PRODUCT"
    rim.inputs[1].default_value = (0.8, -0.45, 0.4)
    nt.links.new(coord.outputs["Generated"], rim.inputs[0])
    band = nt.nodes.new("ShaderNodeMapRange")
    band.inputs["From Min"].default_value = 0.72
    band.inputs["From Max"].default_value = 0.9
    band.inputs["To Max"].default_value = 1.6
    nt.links.new(rim.outputs["Value"], band.inputs["Value"])
    cool = nt.nodes.new("ShaderNodeMixRGB")
    cool.blend_type = "ADD"
    cool.inputs["Color2"].default_value = (0.55, 0.7, 1.0, 1)
    nt.links.new(band.outputs["Result"], cool.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], cool.inputs["Color1"])
    nt.links.new(cool.outputs["Color"], nt.nodes["Background"].inputs["Color"])


def _light(scene, name, loc, energy, size, target):
    ld = bpy.data.lights.new(name, "AREA")
    ld.energy = energy
    ld.size = size
    lo = bpy.data.objects.new(name, ld)
    lo.location = loc
    scene.collection.objects.link(lo)
    con = lo.constraints.new("TRACK_TO")
    con.target = target


def main() -> None:
    with open(sys.argv[sys.argv.index("--") + 1]) as f:
        job = json.load(f)
    w, h = job["grid"]
    n = w * h
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    aspect = (h - 1) / (w - 1)
    alb = _floats(job["albedo"], 4 * n) if "albedo" in job else None
    mesh = _grid(
        w, h, _floats(job["height"], n), _floats(job["cover"], n), _floats(job["mix"], n), aspect, alb
    )
    obj = bpy.data.objects.new("relief", mesh)
    scene.collection.objects.link(obj)
    mesh.materials.append(_material(job["a"], job["b"], alb is not None))
    cam_data = bpy.data.cameras.new("cam")
    cam_data.type = "ORTHO"
    cam_data.ortho_scale = 2.0 * max(1.0, aspect)
    cam = bpy.data.objects.new("cam", cam_data)
    scene.collection.objects.link(cam)
    tilt = math.radians(job.get("tilt", 12.0))
    cam.location = (0, -8 * math.sin(tilt), 8 * math.cos(tilt))
    cam.rotation_euler = (tilt, 0, 0)
    scene.camera = cam
    _world(scene)
    _light(scene, "key", (-3.0, 3.0, 4.0), job.get("key", 500), 2.5, obj)
    _light(scene, "rim", (4.0, -1.0, 1.5), job.get("rim", 260), 1.0, obj)
    r = scene.render
    r.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = job.get("samples", 64)
    scene.cycles.use_denoising = False
    scene.cycles.max_bounces = 4
    scene.cycles.transparent_max_bounces = 8
    scene.cycles.sample_clamp_indirect = 6.0
    r.film_transparent = True
    r.resolution_x, r.resolution_y = job["size"]
    r.resolution_percentage = 100
    r.image_settings.file_format = "PNG"
    r.image_settings.color_mode = "RGBA"
    r.image_settings.compression = 100
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.exposure = job.get("exposure", 0.0)  # stops: brighter figures on bright plates
    r.filepath = job["out"]
    bpy.ops.render.render(write_still=True)


main()
