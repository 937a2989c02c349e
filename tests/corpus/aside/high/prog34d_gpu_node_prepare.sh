#!/usr/bin/env bash
# Prepare a freshly provisioned GPU node for containerised training jobs.
#
#  1. load the NVIDIA kernel modules (incl. nvidia-uvm for CUDA)
#  2. enable persistence mode and set application clocks
#  3. register the nvidia container runtime with Docker and restart it
#  4. run a smoke test container
#
# Needs sudo. Idempotent; re-run after driver upgrades.
set -eo pipefail

DAEMON_JSON=/etc/docker/daemon.json
CLOCKS="${GPU_APP_CLOCKS:-}"          # e.g. "1215,1410" (mem,graphics)
SMOKE_IMAGE="${SMOKE_IMAGE:-nvidia/cuda:12.3.2-base-ubuntu22.04}"
SKIP_SMOKE=0

info()  { echo -e "\033[1;34m[node-prep]\033[0m $*"; }
fail()  { echo -e "\033[1;31m[node-prep]\033[0m $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --skip-smoke) SKIP_SMOKE=1 ;;
        --clocks=*) CLOCKS="${arg#*=}" ;;
        *) fail "unknown argument $arg" ;;
    esac
done

command -v nvidia-smi >/dev/null || fail "nvidia-smi not found; install the driver first"
sudo -v || fail "sudo is required"

load_modules() {
    for mod in nvidia nvidia_uvm nvidia_modeset; do
        if lsmod | grep -q "^${mod} "; then
            info "module $mod already loaded"
        else
            info "loading $mod"
            sudo modprobe "$mod"
        fi
    done
    if [[ ! -e /dev/nvidia-uvm ]]; then
        info "creating /dev/nvidia-uvm device nodes"
        sudo nvidia-modprobe -u -c=0
    fi
}

configure_gpus() {
    info "enabling persistence mode"
    sudo nvidia-smi -pm 1 >/dev/null
    if [[ -n "$CLOCKS" ]]; then
        info "setting application clocks to $CLOCKS"
        sudo nvidia-smi -ac "$CLOCKS"
    fi
    nvidia-smi --query-gpu=index,name,persistence_mode,clocks.applications.graphics \
        --format=csv,noheader
}

configure_docker_runtime() {
    local tmp
    tmp=$(mktemp)
    if [[ -s "$DAEMON_JSON" ]]; then
        sudo cat "$DAEMON_JSON" > "$tmp"
    else
        echo '{}' > "$tmp"
    fi
    python3 - "$tmp" <<'PY'
import json, sys
path = sys.argv[1]
cfg = json.load(open(path))
cfg.setdefault("runtimes", {})["nvidia"] = {
    "path": "nvidia-container-runtime", "runtimeArgs": []}
cfg["default-runtime"] = "nvidia"
cfg.setdefault("log-opts", {"max-size": "100m", "max-file": "3"})
json.dump(cfg, open(path, "w"), indent=2)
PY
    if sudo cmp -s "$tmp" "$DAEMON_JSON"; then
        info "docker runtime already configured"
    else
        info "writing $DAEMON_JSON"
        sudo install -m 0644 -o root -g root "$tmp" "$DAEMON_JSON"
        info "restarting docker"
        sudo systemctl restart docker
    fi
    rm -f "$tmp"
}

smoke_test() {
    info "smoke test with $SMOKE_IMAGE"
    if docker run --rm --gpus all "$SMOKE_IMAGE" nvidia-smi -L; then
        info "GPUs visible inside containers"
    else
        fail "container could not see the GPUs"
    fi
}

load_modules
configure_gpus
configure_docker_runtime
[[ $SKIP_SMOKE -eq 1 ]] || smoke_test
info "node ready"
