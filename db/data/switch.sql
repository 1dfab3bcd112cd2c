-- Switches.  Port counts, speeds and heights from NVIDIA's switch user
-- manuals and the mlxsw release notes (db/SOURCES.md).
-- power_w is the typical power where a copy of the datasheet figure was found
-- (QM9700, SN5600; secondary copies, see the notes); NULL elsewhere.
INSERT INTO source (id, title, url, note) VALUES
('sw-nvidia-qm87xx', 'QM87xx 1U HDR 200Gb/s InfiniBand Switch Systems User Manual', 'https://docs.nvidia.com/networking/display/QM87XX/Document+Revision+History', '1U HDR 200 Gb/s InfiniBand switch family; QSFP56 ports.'),
('sw-nvidia-qm97xx', 'QM97XX 1U NDR 400Gbps InfiniBand Switch Systems User Manual: Interfaces', 'https://docs.nvidia.com/networking/display/QM97X0PUB/Interfaces', '1U; OSFP cages, each carrying 2 logical InfiniBand ports at up to 400 Gb/s.'),
('sw-mlxsw-513', 'mlxsw 5.13 release notes (supported Mellanox/NVIDIA Spectrum systems)', 'https://github.com/mellanox/mlxsw/wiki/5.13-Release-notes', 'SN2700: Spectrum 100GbE 1U, 32 QSFP28 ports; SN3700: Spectrum-2 200GbE 1U, 32 ports.'),
('sw-nvidia-sn5000', 'NVIDIA Spectrum SN5000 Switch Systems User Manual: Data Interfaces', 'https://docs.nvidia.com/networking/display/sn5000/data+interfaces', 'SN5600: 64 ports at 800GbE (100 Gb/s per lane); SN5400: 64 ports at 400GbE. The manual is titled "NVIDIA Spectrum-4 SN5000 2U Switch Systems Hardware User Manual" and covers SN5400, SN5600, SN5600D and SN5610.'),
('sw-disdp-acme-2025-11', 'DisDP (fully disaggregated data-parallel LLM training, ISCA paper), Table VIII "Price of each component", reference [153]: Acme Micro Systems, "Mellanox MSN2700-CS2F 100GbE, 1U Open Ethernet Switch w/MLNX-OS, 32 QSFP28 ports", accessed 2025-11-13 (paper text read as public GitHub markdown; repository not recorded by the lookup tool)', NULL, 'Conventional switch (MSN2700-CS2F) 18,990 USD from the reseller''s public quote, as cited by the paper; page https://www.acmemicro.com/Product/15874/Mellanox-MSN2700-CS2F-100GbE-1U-Open-Ethernet-Switch-w-MLNX-OS-32-QSFP28-ports-2-PS(AC)-x86-CPU-Standardepth-P2C-airflow not read directly. Same table: ConnectX-5 EN MCX515A-CCAT 755 USD (no catalog row).'),
('sw-canopywave-specs', 'Canopy Wave GPU-cluster product documentation page, section 3.1 Networking Switches (TSX page source in a public GitHub repository; repository not recorded by the lookup tool; secondary copy of NVIDIA datasheet figures)', NULL, 'NVIDIA QM9700: 32 OSFP, 51.2 Tb/s, "System Power Usage: 747 W", 1U; QM9790: 640 W, 1U; Spectrum SN5600: 64 x 800GbE OSFP, 51.2 Tb/s, "Typical power with passive cables (ATIS): 940 W", 86.2 mm high, 2U. The same 747 W and 940 W figures appear, flagged as from search snippets, in an unrelated public design note.'),
('sw-netbox-sn5600', 'netbox-community devicetype-library, device-types/Nvidia/SN5600.yaml (cites the NVIDIA SN5000 datasheet)', 'https://github.com/netbox-community/devicetype-library/blob/00d0806dcfa1f4b7b6fe258a648ec20a071c4253/device-types/Nvidia/SN5600.yaml', 'SN5600: u_height 2, 64 x 800GBASE OSFP interfaces, 23.5 kg.');

INSERT INTO switch (id, vendor, name, price_usd, price_date, year, source, note,
                    protocol, speed_gbps, ports, rack_units, power_w) VALUES
('nvidia-quantum-qm8700', 'NVIDIA', 'Quantum QM8700 HDR InfiniBand switch', NULL, NULL, NULL, 'sw-nvidia-qm87xx',
 '40 ports at HDR 200 Gb/s, 1U (QM87xx user manual). The port count of 40 is the QM87xx family figure, not re-read on the page stored.',
 'infiniband', 200, 40, 1, NULL),
('nvidia-quantum-2-qm9700', 'NVIDIA', 'Quantum-2 QM9700 NDR InfiniBand switch', NULL, NULL, NULL, 'sw-nvidia-qm97xx',
 '32 OSFP cages x 2 logical ports = 64 ports at NDR 400 Gb/s, 1U (QM97xx user manual). Power 747 W: "System Power Usage" as reproduced on a reseller documentation page (sw-canopywave-specs), not read on an NVIDIA page; the datasheet''s passive-cable vs active-cable split was not seen. No dated price found.',
 'infiniband', 400, 64, 1, 747),
('nvidia-spectrum-sn2700', 'NVIDIA', 'Spectrum SN2700 Ethernet switch', 18990.00, '2025-11', NULL, 'sw-mlxsw-513',
 'Price: 18,990 USD, Acme Micro Systems reseller price for a new MSN2700-CS2F (MLNX-OS/Onyx, 2 AC PSUs, x86 CPU, P2C airflow), page accessed 2025-11-13 as cited by the DisDP paper (sw-disdp-acme-2025-11); list price, not read on the reseller page directly. The SN2700 is past end of life; used units sell for far less (an undated planning note quotes ~800 USD refurbished on eBay, not stored). 32 QSFP28 ports at 100GbE, 1U (mlxsw release notes).',
 'ethernet', 100, 32, 1, NULL),
('nvidia-spectrum-2-sn3700', 'NVIDIA', 'Spectrum-2 SN3700 Ethernet switch', NULL, NULL, NULL, 'sw-mlxsw-513',
 '32 ports at 200GbE, 1U (mlxsw release notes).',
 'ethernet', 200, 32, 1, NULL),
('nvidia-spectrum-4-sn5600', 'NVIDIA', 'Spectrum-4 SN5600 Ethernet switch', NULL, NULL, NULL, 'sw-nvidia-sn5000',
 '64 OSFP ports at 800GbE; splits to 128x400GbE or 256x200GbE and below (SN5000 user manual). 2U: the NVIDIA manual covering it is the "SN5000 2U" manual, and the netbox device type (sw-netbox-sn5600) and a reseller page (sw-canopywave-specs, 86.2 mm) agree. Power 940 W: typical with passive cables (ATIS) as reproduced on the reseller page (sw-canopywave-specs), not read on an NVIDIA page. No dated price found.',
 'ethernet', 800, 64, 2, 940);
