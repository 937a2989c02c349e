#!/usr/bin/env python3
"""Inspect and convert local training checkpoints.

Loads a full PyTorch checkpoint (model + optimizer + scheduler + custom
objects saved by our trainer) and the joblib-serialised label encoder that
sits next to it, prints a summary, and optionally re-exports just the
weights as a safetensors file for serving.
"""
import argparse
import logging
import os
import sys
from collections import OrderedDict

import joblib
import torch

log = logging.getLogger("ckpt_inspect")


def human_bytes(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def load_checkpoint(path, device):
    # The trainer pickles its config dataclass and RNG state into the
    # checkpoint, so weights_only=True rejects it; load the full object.
    log.info("loading %s (%s)", path, human_bytes(os.path.getsize(path)))
    ckpt = torch.load(path, map_location=device, weights_only=False)
    if not isinstance(ckpt, dict):
        raise TypeError(f"unexpected checkpoint type {type(ckpt).__name__}")
    return ckpt


def extract_state_dict(ckpt):
    for key in ("model", "state_dict", "model_state_dict", "module"):
        if key in ckpt and isinstance(ckpt[key], dict):
            state = ckpt[key]
            break
    else:
        state = ckpt
    cleaned = OrderedDict()
    for name, tensor in state.items():
        if not torch.is_tensor(tensor):
            continue
        cleaned[name[len("module."):] if name.startswith("module.") else name] = tensor
    return cleaned


def summarise(state):
    total = 0
    by_dtype = {}
    for name, tensor in state.items():
        n = tensor.numel()
        total += n
        by_dtype[str(tensor.dtype)] = by_dtype.get(str(tensor.dtype), 0) + n
    print(f"tensors:    {len(state)}")
    print(f"parameters: {total:,}")
    for dtype, count in sorted(by_dtype.items()):
        print(f"  {dtype:<16} {count:,}")
    largest = sorted(state.items(), key=lambda kv: kv[1].numel(), reverse=True)[:5]
    print("largest tensors:")
    for name, tensor in largest:
        print(f"  {name:<60} {tuple(tensor.shape)}")


def load_label_encoder(ckpt_dir):
    path = os.path.join(ckpt_dir, "label_encoder.joblib")
    if not os.path.exists(path):
        return None
    encoder = joblib.load(path)
    classes = getattr(encoder, "classes_", None)
    if classes is not None:
        log.info("label encoder: %d classes (%s ...)", len(classes), ", ".join(map(str, classes[:5])))
    return encoder


def export_weights(state, out_path, dtype):
    from safetensors.torch import save_file

    target = getattr(torch, dtype)
    converted = {k: v.detach().to(target).contiguous() for k, v in state.items()
                 if v.is_floating_point()}
    converted.update({k: v.contiguous() for k, v in state.items() if not v.is_floating_point()})
    save_file(converted, out_path, metadata={"format": "pt"})
    log.info("wrote %s (%s)", out_path, human_bytes(os.path.getsize(out_path)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("checkpoint", help="path to a .pt / .bin checkpoint")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--export", help="write weights to this .safetensors path")
    parser.add_argument("--dtype", default="bfloat16", choices=["float32", "float16", "bfloat16"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.isfile(args.checkpoint):
        log.error("checkpoint not found: %s", args.checkpoint)
        return 1

    try:
        ckpt = load_checkpoint(args.checkpoint, args.device)
    except (RuntimeError, TypeError, EOFError) as exc:
        log.error("could not load checkpoint: %s", exc)
        return 1

    for meta in ("epoch", "global_step", "best_metric"):
        if meta in ckpt:
            print(f"{meta}: {ckpt[meta]}")
    state = extract_state_dict(ckpt)
    summarise(state)
    load_label_encoder(os.path.dirname(os.path.abspath(args.checkpoint)))

    if args.export:
        export_weights(state, args.export, args.dtype)
    return 0


if __name__ == "__main__":
    sys.exit(main())
