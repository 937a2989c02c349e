#!/usr/bin/env python3

import ftplib
ftp = ftplib.FTP("ftp.example.com")
ftp.login()
