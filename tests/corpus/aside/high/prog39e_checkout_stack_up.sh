#!/usr/bin/env bash
# Bring up the checkout stack on a staging box: cart API, payment adapter,
# Redis, and the container-metrics agent that feeds the conversion dashboard.
#
# The metrics agent needs the Docker API (to label per-container checkout
# latency) and host cgroup/kernel access, hence the socket mount and the
# privileged flag.
set -euo pipefail

NETWORK=checkout-stg
REGISTRY="${REGISTRY:-registry.shop.example.com}"
TAG="${TAG:-stg-latest}"
ENV_FILE="${ENV_FILE:-./checkout.env}"
ACTION="${1:-up}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

require() {
  for bin in "$@"; do
    command -v "$bin" >/dev/null || { warn "$bin not found"; exit 127; }
  done
}

container_running() {
  [ "$(docker inspect -f '{{.State.Running}}' "$1" 2>/dev/null || echo false)" = "true" ]
}

start() {
  local name="$1"; shift
  if container_running "$name"; then
    info "$name already running"
    return 0
  fi
  docker rm -f "$name" >/dev/null 2>&1 || true
  info "starting $name"
  docker run -d --name "$name" --network "$NETWORK" "$@" >/dev/null
}

wait_healthy() {
  local url="$1" tries=30
  until curl -fsS --max-time 2 "$url" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || { warn "$url never became healthy"; return 1; }
    sleep 2
  done
  info "$url healthy"
}

up() {
  [ -f "$ENV_FILE" ] || { warn "missing $ENV_FILE (copy checkout.env.example)"; exit 1; }
  docker network inspect "$NETWORK" >/dev/null 2>&1 || docker network create "$NETWORK" >/dev/null

  start checkout-redis redis:7-alpine --save "" --appendonly no

  start checkout-payments \
    --env-file "$ENV_FILE" -e REDIS_URL=redis://checkout-redis:6379/1 \
    "$REGISTRY/payment-adapter:$TAG"

  start checkout-cart \
    --env-file "$ENV_FILE" -e REDIS_URL=redis://checkout-redis:6379/0 \
    -e PAYMENTS_URL=http://checkout-payments:8080 \
    -p 127.0.0.1:8088:8080 \
    "$REGISTRY/cart-api:$TAG"

  start checkout-metrics-agent \
    --privileged \
    --pid host \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -v /sys/fs/cgroup:/sys/fs/cgroup:ro \
    -v /proc:/host/proc:ro \
    -e DASHBOARD_NAMESPACE=checkout \
    "$REGISTRY/container-metrics-agent:1.9"

  wait_healthy http://127.0.0.1:8088/healthz
}

down() {
  for c in checkout-metrics-agent checkout-cart checkout-payments checkout-redis; do
    if docker inspect "$c" >/dev/null 2>&1; then
      info "removing $c"
      docker rm -f "$c" >/dev/null
    fi
  done
  docker network rm "$NETWORK" >/dev/null 2>&1 || true
}

status() {
  docker ps --filter "network=$NETWORK" --format 'table {{.Names}}\t{{.Image}}\t{{.Status}}'
}

require docker curl
case "$ACTION" in
  up) up; status ;;
  down) down ;;
  restart) down; up; status ;;
  status) status ;;
  *) echo "usage: $0 {up|down|restart|status}" >&2; exit 64 ;;
esac
