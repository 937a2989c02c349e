#!/usr/bin/env bash
# Set up a local multi-architecture buildx builder.
# Registers QEMU binfmt handlers (needs a privileged helper container),
# creates a docker-container driven builder and verifies the platforms.
#
# usage: multiarch_builder_setup.sh [builder-name] [platforms]
set -Eeuo pipefail

BUILDER="${1:-xbuilder}"
PLATFORMS="${2:-linux/amd64,linux/arm64,linux/arm/v7,linux/ppc64le}"
BINFMT_IMAGE="${BINFMT_IMAGE:-tonistiigi/binfmt:qemu-v8.1.5}"
BUILDKIT_IMAGE="${BUILDKIT_IMAGE:-moby/buildkit:v0.13.2}"

trap 'echo "setup failed at line $LINENO" >&2' ERR

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing: $1" >&2; exit 2; }
}

arch_list() {
    local p out=()
    IFS=',' read -r -a plats <<<"$PLATFORMS"
    for p in "${plats[@]}"; do
        p="${p#linux/}"; p="${p%%/*}"
        case "$p" in
            amd64) ;;                       # native, nothing to register
            arm) out+=(arm) ;;
            *) out+=("$p") ;;
        esac
    done
    (IFS=','; echo "${out[*]}")
}

register_binfmt() {
    local arches
    arches="$(arch_list)"
    if [[ -z "$arches" ]]; then
        echo "no foreign architectures requested"
        return
    fi
    echo "registering binfmt handlers for: $arches"
    docker run --rm --privileged "$BINFMT_IMAGE" --install "$arches"
}

create_builder() {
    if docker buildx inspect "$BUILDER" >/dev/null 2>&1; then
        echo "builder $BUILDER exists, reusing"
    else
        docker buildx create \
            --name "$BUILDER" \
            --driver docker-container \
            --driver-opt "image=${BUILDKIT_IMAGE}" \
            --platform "$PLATFORMS"
    fi
    docker buildx use "$BUILDER"
    docker buildx inspect --bootstrap "$BUILDER"
}

verify() {
    local supported missing=0
    supported="$(docker buildx inspect "$BUILDER" | awk -F': ' '/^Platforms/{print $2}')"
    IFS=',' read -r -a plats <<<"$PLATFORMS"
    for p in "${plats[@]}"; do
        if [[ "$supported" != *"$p"* ]]; then
            echo "WARNING: $p not reported by builder" >&2
            missing=$((missing + 1))
        fi
    done
    return "$missing"
}

need docker
docker buildx version >/dev/null || { echo "buildx plugin missing" >&2; exit 2; }
register_binfmt
create_builder
if verify; then
    echo "builder '$BUILDER' ready for $PLATFORMS"
else
    echo "builder '$BUILDER' created with missing platforms" >&2
    exit 1
fi
