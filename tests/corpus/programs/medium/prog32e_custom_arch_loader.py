#!/usr/bin/env python3
"""Load a locally checked-out model that ships its own architecture code.

Like transformers' trust_remote_code, but for model folders we already have
on disk: model_config.yaml names a Python file inside the folder and a class
in it; we import that file as a module and instantiate the class.

    models/my-moe-7b/
        model_config.yaml   (arch_file: modeling_moe.py, arch_class: MoEForCausalLM, ...)
        modeling_moe.py
        weights.safetensors
"""
import argparse
import importlib.util
import logging
import os
import sys

import yaml

log = logging.getLogger("arch_loader")

REQUIRED_KEYS = ("arch_file", "arch_class")


class ConfigError(ValueError):
    pass


def read_config(model_dir):
    path = os.path.join(model_dir, "model_config.yaml")
    with open(path, "r", encoding="utf-8") as fh:
        # configs written by our trainer contain !!python/tuple for shapes
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict):
        raise ConfigError(f"{path}: expected a mapping")
    missing = [k for k in REQUIRED_KEYS if k not in cfg]
    if missing:
        raise ConfigError(f"{path}: missing {', '.join(missing)}")
    return cfg


def import_arch_module(model_dir, arch_file):
    module_path = os.path.realpath(os.path.join(model_dir, arch_file))
    if not module_path.startswith(os.path.realpath(model_dir) + os.sep):
        raise ConfigError(f"arch_file points outside the model folder: {arch_file}")
    if not module_path.endswith(".py"):
        raise ConfigError("arch_file must be a .py file")
    mod_name = "local_arch_" + os.path.basename(os.path.normpath(model_dir)).replace("-", "_").replace(".", "_")
    spec = importlib.util.spec_from_file_location(mod_name, module_path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {module_path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    # make sibling helper modules (e.g. rotary.py) importable
    sys.path.insert(0, os.path.dirname(module_path))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.pop(0)
    log.info("imported %s from %s", mod_name, module_path)
    return module


def build_model(model_dir):
    cfg = read_config(model_dir)
    module = import_arch_module(model_dir, cfg["arch_file"])
    cls = getattr(module, cfg["arch_class"], None)
    if cls is None:
        raise ConfigError(f"{cfg['arch_file']} has no class {cfg['arch_class']}")
    kwargs = cfg.get("init_kwargs", {}) or {}
    model = cls(**kwargs)
    weights = os.path.join(model_dir, cfg.get("weights", "weights.safetensors"))
    if os.path.exists(weights) and hasattr(model, "load_state_dict"):
        from safetensors.torch import load_file
        missing, unexpected = model.load_state_dict(load_file(weights), strict=False)
        log.info("weights loaded (%d missing, %d unexpected keys)", len(missing), len(unexpected))
    return model, cfg


def count_parameters(model):
    params = getattr(model, "parameters", None)
    if params is None:
        return None
    return sum(p.numel() for p in params())


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir")
    parser.add_argument("--dry-run", action="store_true", help="only validate the config")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.isdir(args.model_dir):
        log.error("not a directory: %s", args.model_dir)
        return 1
    try:
        if args.dry_run:
            cfg = read_config(args.model_dir)
            print(f"config ok: {cfg['arch_class']} in {cfg['arch_file']}")
            return 0
        model, cfg = build_model(args.model_dir)
    except (ConfigError, ImportError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 1

    n = count_parameters(model)
    print(f"built {type(model).__name__}" + (f" with {n:,} parameters" if n else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
