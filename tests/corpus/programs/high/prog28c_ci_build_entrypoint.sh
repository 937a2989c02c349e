#!/usr/bin/env bash
# ci_build_entrypoint.sh — ENTRYPOINT of the "builder" image used by the
# pipeline. The job container is started with the host Docker socket mounted
# so it can build multi-arch images and run integration tests as sibling
# containers.
#
#   docker run -v /var/run/docker.sock:/var/run/docker.sock builder:3 build
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
IMAGE_NAME="${IMAGE_NAME:-registry.example.internal/shop/api}"
IMAGE_TAG="${IMAGE_TAG:-${CI_COMMIT_SHORT_SHA:-dev}}"
PLATFORMS="${PLATFORMS:-linux/amd64,linux/arm64}"
BUILDER_NAME="ci-multiarch"
TEST_NET="itest-${CI_JOB_ID:-$$}"
declare -a SIDECARS=(
    "postgres|postgres:16-alpine|-e POSTGRES_PASSWORD=itest -e POSTGRES_DB=shop"
    "redis|redis:7-alpine|"
)

log() { echo "[entrypoint] $*" >&2; }

require_socket() {
    if [[ ! -S "$DOCKER_SOCK" ]]; then
        log "docker socket $DOCKER_SOCK is not mounted; start the job with -v $DOCKER_SOCK:$DOCKER_SOCK"
        exit 64
    fi
    export DOCKER_HOST="unix://${DOCKER_SOCK}"
    docker version --format 'engine {{.Server.Version}} ({{.Server.Os}}/{{.Server.Arch}})' >&2
}

setup_binfmt() {
    # qemu user-mode emulators must be registered in the host kernel
    if ! docker buildx inspect "$BUILDER_NAME" >/dev/null 2>&1; then
        docker run --rm --privileged tonistiigi/binfmt:qemu-v8.1.5 --install arm64,arm
        docker buildx create --name "$BUILDER_NAME" --driver docker-container --use >/dev/null
    else
        docker buildx use "$BUILDER_NAME"
    fi
    docker buildx inspect --bootstrap >/dev/null
}

cleanup() {
    local rc=$?
    log "cleaning up sibling containers (exit $rc)"
    local row name
    for row in "${SIDECARS[@]}"; do
        name="${row%%|*}-${TEST_NET}"
        docker rm -f "$name" >/dev/null 2>&1 || true
    done
    docker rm -f "tests-${TEST_NET}" >/dev/null 2>&1 || true
    docker network rm "$TEST_NET" >/dev/null 2>&1 || true
    exit $rc
}

cmd_build() {
    setup_binfmt
    local push_flag="--load"
    [[ "${PUSH:-0}" == "1" ]] && push_flag="--push"
    [[ "$push_flag" == "--load" ]] && PLATFORMS="linux/amd64"
    docker buildx build \
        --platform "$PLATFORMS" \
        --cache-from "type=registry,ref=${IMAGE_NAME}:buildcache" \
        --label "org.opencontainers.image.revision=${CI_COMMIT_SHA:-unknown}" \
        -t "${IMAGE_NAME}:${IMAGE_TAG}" \
        $push_flag .
}

cmd_itest() {
    trap cleanup EXIT
    docker network create "$TEST_NET" >/dev/null
    local row name image opts
    for row in "${SIDECARS[@]}"; do
        IFS='|' read -r name image opts <<<"$row"
        # shellcheck disable=SC2086
        docker run -d --name "${name}-${TEST_NET}" --network "$TEST_NET" \
            --network-alias "$name" $opts "$image" >/dev/null
        log "started $name ($image)"
    done
    # the test container also needs the socket for testcontainers-based suites
    docker run --name "tests-${TEST_NET}" --network "$TEST_NET" \
        -v "$DOCKER_SOCK:/var/run/docker.sock" \
        -e DATABASE_URL="postgresql://postgres:itest@postgres:5432/shop" \
        -e REDIS_URL="redis://redis:6379/0" \
        -e TESTCONTAINERS_HOST_OVERRIDE=host.docker.internal \
        "${IMAGE_NAME}:${IMAGE_TAG}" \
        python -m pytest -q tests/integration
}

require_socket
case "${1:-build}" in
    build) cmd_build ;;
    itest) cmd_itest ;;
    shell) exec bash ;;
    *)     log "unknown command: $1 (build|itest|shell)"; exit 64 ;;
esac
