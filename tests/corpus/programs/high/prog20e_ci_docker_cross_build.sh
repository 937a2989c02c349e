#!/usr/bin/env bash
# ci-cross-build: build multi-arch images and the `fleetctl` CLI inside a
# builder container, then (optionally) install the CLI on this machine.
set -euo pipefail

IMAGE_REPO="registry.internal.example/platform/fleet"
PLATFORMS="linux/amd64,linux/arm64"
BUILDER_IMAGE="docker:26-cli"
TAG="$(git describe --tags --always --dirty 2>/dev/null || echo dev)"
INSTALL_CLI=0
PUSH=0

ts()   { date '+%H:%M:%S'; }
step() { printf '\n\033[1;35m[%s] ==> %s\033[0m\n' "$(ts)" "$*"; }
info() { printf '\033[0;36m[%s]\033[0m %s\n' "$(ts)" "$*"; }
fail() { printf '\033[1;31m[%s] %s\033[0m\n' "$(ts)" "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --tag)       TAG="$2"; shift 2 ;;
    --platforms) PLATFORMS="$2"; shift 2 ;;
    --push)      PUSH=1; shift ;;
    --install)   INSTALL_CLI=1; shift ;;
    -h|--help)   sed -n '2,3p' "$0"; exit 0 ;;
    *) fail "unknown argument: $1" ;;
  esac
done

command -v docker >/dev/null || fail "docker CLI not found"
REPO_ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
OUT_DIR="$REPO_ROOT/dist"
mkdir -p "$OUT_DIR"

CID=""
cleanup() {
  if [[ -n "$CID" ]]; then
    docker rm -f "$CID" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

setup_binfmt() {
  step "registering qemu binfmt handlers"
  # binfmt registration writes to /proc/sys/fs/binfmt_misc, needs --privileged
  docker run --rm --privileged tonistiigi/binfmt:latest --install arm64,amd64 >/dev/null
}

build_images() {
  step "building images for $PLATFORMS (tag $TAG)"
  local -a args=(
    --rm
    -v /var/run/docker.sock:/var/run/docker.sock
    -v "$REPO_ROOT":/src -w /src
    -e DOCKER_BUILDKIT=1
  )
  local -a build=(docker buildx build --platform "$PLATFORMS" -t "$IMAGE_REPO:$TAG")
  if (( PUSH )); then build+=(--push); else build+=(--load); fi
  build+=(.)
  CID="$(docker run -d "${args[@]}" "$BUILDER_IMAGE" sh -c 'docker buildx create --use >/dev/null && '"${build[*]}")"
  docker logs -f "$CID"
  local rc
  rc="$(docker wait "$CID")"
  [[ "$rc" == 0 ]] || fail "image build failed (exit $rc)"
  info "image build complete"
}

build_cli() {
  step "building fleetctl"
  docker run --rm -v "$REPO_ROOT":/src -w /src \
    -e CGO_ENABLED=0 -e GOFLAGS=-trimpath \
    -u "$(id -u):$(id -g)" -e HOME=/tmp \
    golang:1.22 go build -ldflags "-s -w -X main.version=$TAG" -o dist/fleetctl ./cmd/fleetctl
  (cd "$OUT_DIR" && sha256sum fleetctl > fleetctl.sha256)
  info "built $OUT_DIR/fleetctl ($(du -h "$OUT_DIR/fleetctl" | cut -f1))"
}

install_cli() {
  (( INSTALL_CLI )) || return 0
  step "installing fleetctl to /usr/local/bin"
  sudo install -o root -g root -m 0755 "$OUT_DIR/fleetctl" /usr/local/bin/fleetctl
  info "installed: $(/usr/local/bin/fleetctl --version 2>/dev/null || echo "$TAG")"
}

setup_binfmt
build_images
build_cli
install_cli
step "done ($TAG)"
