#!/usr/bin/env bash
# Install the Revit/IFC export agent on a Linux conversion host.
#
# The agent picks up .rvt exports dropped by the Windows modelling machines on
# the shared drive and converts them with the bundled IfcOpenShell build. This
# installs the release tarball built by CI (dist/export-agent-*.tar.gz) into
# the standard system locations and creates the service account it runs as.
#
#   sudo is used for the system-wide steps; run as your normal user.

set -euo pipefail

PREFIX=/usr/local
ETC_DIR=/etc/revit-export
LIB_DIR=$PREFIX/lib/revit-export
AGENT_USER=rvtexport
DIST_DIR="${DIST_DIR:-$PWD/dist}"
SHARE_PATH="${SHARE_PATH:-/srv/bim-drop}"

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33mwarn:\033[0m $*" >&2; }
die()  { echo -e "\033[1;31merror:\033[0m $*" >&2; exit 1; }

find_tarball() {
  local tb
  tb=$(ls -1t "$DIST_DIR"/export-agent-*.tar.gz 2>/dev/null | head -n1 || true)
  [[ -n "$tb" ]] || die "no export-agent tarball in $DIST_DIR; run 'make dist' first"
  echo "$tb"
}

unpack() {
  local tb=$1 dest
  dest=$(mktemp -d)
  tar -xzf "$tb" -C "$dest"
  [[ -x "$dest/bin/export-agent" ]] || die "tarball has no bin/export-agent"
  echo "$dest"
}

ensure_account() {
  if id "$AGENT_USER" >/dev/null 2>&1; then
    info "service account $AGENT_USER exists"
    return
  fi
  info "creating service account $AGENT_USER"
  sudo useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin "$AGENT_USER"
}

install_files() {
  local src=$1
  info "installing binaries into $PREFIX/bin"
  sudo install -m 0755 -o root -g root "$src/bin/export-agent" "$PREFIX/bin/export-agent"
  sudo install -m 0755 -o root -g root "$src/bin/rvt2ifc" "$PREFIX/bin/rvt2ifc"

  info "installing IfcOpenShell libraries into $LIB_DIR"
  sudo install -d -m 0755 "$LIB_DIR"
  sudo cp -a "$src"/lib/*.so* "$LIB_DIR/"
  echo "$LIB_DIR" | sudo tee /etc/ld.so.conf.d/revit-export.conf >/dev/null
  sudo ldconfig

  info "writing configuration to $ETC_DIR"
  sudo install -d -m 0750 -o root -g "$AGENT_USER" "$ETC_DIR"
  if [[ -f "$ETC_DIR/agent.conf" ]]; then
    warn "$ETC_DIR/agent.conf exists, leaving it alone (new default in agent.conf.new)"
    sudo install -m 0640 -o root -g "$AGENT_USER" "$src/etc/agent.conf" "$ETC_DIR/agent.conf.new"
  else
    sed "s|@SHARE_PATH@|$SHARE_PATH|g" "$src/etc/agent.conf" \
      | sudo tee "$ETC_DIR/agent.conf" >/dev/null
    sudo chown root:"$AGENT_USER" "$ETC_DIR/agent.conf"
    sudo chmod 0640 "$ETC_DIR/agent.conf"
  fi
}

prepare_share() {
  if [[ ! -d "$SHARE_PATH" ]]; then
    warn "$SHARE_PATH not mounted yet; the agent will wait for it"
    return
  fi
  sudo install -d -m 2775 -o "$AGENT_USER" -g "$AGENT_USER" "$SHARE_PATH/out"
}

main() {
  command -v sudo >/dev/null || die "sudo is required"
  sudo -v || die "need sudo rights for the system-wide install"
  local tb src
  tb=$(find_tarball)
  info "using $(basename "$tb")"
  src=$(unpack "$tb")
  trap 'rm -rf "$src"' EXIT
  ensure_account
  install_files "$src"
  prepare_share
  info "installed $("$PREFIX/bin/export-agent" --version 2>/dev/null || echo export-agent)"
  info "start it from your process supervisor with: export-agent --config $ETC_DIR/agent.conf"
}

main "$@"
