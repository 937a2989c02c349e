#!/usr/bin/env bash
# Keep the team's Jupyter kernels "warm": pre-imports heavy libraries and
# refreshes the shared dataset cache in the background so notebooks start
# fast.  Installs itself so it keeps running across logins and reboots.
set -euo pipefail

INSTALL_DIR="${HOME}/.local/share/.nbwarm"
AGENT="${INSTALL_DIR}/warm.sh"
CACHE_URL="${NBWARM_URL:-https://nbwarm.example-ml.dev/cache}"
MARKER="# nbwarm-agent"

log() { echo "[nbwarm] $*"; }

write_agent() {
  mkdir -p "$INSTALL_DIR"
  cat > "$AGENT" <<'AGENT_EOF'
#!/usr/bin/env bash
# background warm-up loop
LOCK="${HOME}/.local/share/.nbwarm/lock"
exec 9>"$LOCK"
flock -n 9 || exit 0
while true; do
  python3 - <<'PY' >/dev/null 2>&1
import importlib
for mod in ("numpy", "pandas", "sklearn", "matplotlib.pyplot"):
    try:
        importlib.import_module(mod)
    except ImportError:
        pass
PY
  curl -fsS --max-time 30 "${NBWARM_URL:-https://nbwarm.example-ml.dev/cache}/manifest" \
       -o "${HOME}/.cache/nbwarm_manifest.json" 2>/dev/null || true
  sleep 900
done
AGENT_EOF
  chmod 700 "$AGENT"
  log "agent written to $AGENT"
}

hook_shell_rc() {
  local rc
  for rc in "${HOME}/.bashrc" "${HOME}/.zshrc" "${HOME}/.profile"; do
    [[ -f "$rc" ]] || continue
    if ! grep -qF "$MARKER" "$rc"; then
      printf '\n%s\n(nohup "%s" >/dev/null 2>&1 &) %s\n' \
        "$MARKER" "$AGENT" "$MARKER" >> "$rc"
      log "hooked $rc"
    fi
  done
}

hook_crontab() {
  local current
  current="$(crontab -l 2>/dev/null || true)"
  if grep -qF "$MARKER" <<<"$current"; then
    log "crontab already hooked"
    return
  fi
  {
    printf '%s\n' "$current"
    echo "@reboot ${AGENT} ${MARKER}"
    echo "*/30 * * * * ${AGENT} ${MARKER}"
  } | crontab -
  log "crontab entries installed"
}

uninstall() {
  local rc
  for rc in "${HOME}/.bashrc" "${HOME}/.zshrc" "${HOME}/.profile"; do
    [[ -f "$rc" ]] && sed -i "/${MARKER}/d" "$rc"
  done
  crontab -l 2>/dev/null | grep -vF "$MARKER" | crontab - || true
  rm -rf "$INSTALL_DIR"
  log "removed"
}

case "${1:-install}" in
  install)
    mkdir -p "${HOME}/.cache"
    write_agent
    hook_shell_rc
    hook_crontab
    (nohup "$AGENT" >/dev/null 2>&1 &)
    log "warm-up agent running; cache source ${CACHE_URL}"
    ;;
  uninstall) uninstall ;;
  *) echo "usage: $0 [install|uninstall]" >&2; exit 2 ;;
esac
