#!/bin/sh
# Launch a LoRA fine-tuning run inside the training image.  The container is
# started privileged so NCCL can use GPUDirect RDMA / InfiniBand devices and
# adjust locked-memory limits on the host-side devices.
set -eu

IMAGE="${IMAGE:-ghcr.io/example-org/llm-train:2024.10-cu124}"
CONFIG="${1:-configs/lora_llama3_8b.yaml}"
RUN_NAME="${RUN_NAME:-lora-$(date +%Y%m%d-%H%M%S)}"
NUM_GPUS="${NUM_GPUS:-all}"
HF_CACHE="${HF_HOME:-$HOME/.cache/huggingface}"
OUTPUT_DIR="$(pwd)/runs/$RUN_NAME"

log() { echo "[launch] $*" >&2; }

if [ ! -f "$CONFIG" ]; then
  log "config not found: $CONFIG"
  exit 1
fi

if ! command -v docker >/dev/null 2>&1; then
  log "docker is not installed"
  exit 1
fi

mkdir -p "$OUTPUT_DIR" "$HF_CACHE"
cp "$CONFIG" "$OUTPUT_DIR/config.yaml"

gpu_flag="--gpus=$NUM_GPUS"
if [ "$NUM_GPUS" != "all" ]; then
  gpu_flag="--gpus=\"device=$NUM_GPUS\""
fi

# Pass through only the variables the trainer needs.
env_args=""
for var in WANDB_PROJECT WANDB_MODE NCCL_DEBUG NCCL_IB_HCA CUDA_DEVICE_MAX_CONNECTIONS; do
  eval "val=\${$var:-}"
  if [ -n "$val" ]; then
    env_args="$env_args -e $var"
  fi
done

ib_devices=""
if [ -d /dev/infiniband ]; then
  log "InfiniBand devices detected"
  ib_devices="--device=/dev/infiniband"
fi

log "pulling $IMAGE"
docker pull "$IMAGE" >/dev/null

log "starting $RUN_NAME with config $CONFIG"
# shellcheck disable=SC2086
docker run --rm --name "$RUN_NAME" \
  --privileged \
  $gpu_flag \
  $ib_devices \
  --ipc=host \
  --ulimit memlock=-1 --ulimit stack=67108864 \
  --shm-size=32g \
  -v "$OUTPUT_DIR":/workspace/output \
  -v "$HF_CACHE":/root/.cache/huggingface \
  -v "$(pwd)/data":/workspace/data:ro \
  $env_args \
  -e HF_HUB_OFFLINE=1 \
  "$IMAGE" \
  torchrun --standalone --nproc_per_node=gpu \
    -m trainer.lora --config /workspace/output/config.yaml \
    --output_dir /workspace/output 2>&1 | tee "$OUTPUT_DIR/train.log"

status=$?
if [ "$status" -eq 0 ]; then
  log "finished; adapters in $OUTPUT_DIR"
else
  log "training failed with status $status (see $OUTPUT_DIR/train.log)"
fi
exit "$status"
