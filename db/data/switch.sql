-- Switches.  Port counts, speeds and heights from NVIDIA's switch user
-- manuals and the mlxsw release notes (db/SOURCES.md).
-- Typical power was not found in a stored copy: power_w is NULL.
INSERT INTO source (id, title, url, note) VALUES
('sw-nvidia-qm87xx', 'QM87xx 1U HDR 200Gb/s InfiniBand Switch Systems User Manual', 'https://docs.nvidia.com/networking/display/QM87XX/Document+Revision+History', '1U HDR 200 Gb/s InfiniBand switch family; QSFP56 ports.'),
('sw-nvidia-qm97xx', 'QM97XX 1U NDR 400Gbps InfiniBand Switch Systems User Manual: Interfaces', 'https://docs.nvidia.com/networking/display/QM97X0PUB/Interfaces', '1U; OSFP cages, each carrying 2 logical InfiniBand ports at up to 400 Gb/s.'),
('sw-mlxsw-513', 'mlxsw 5.13 release notes (supported Mellanox/NVIDIA Spectrum systems)', 'https://github.com/mellanox/mlxsw/wiki/5.13-Release-notes', 'SN2700: Spectrum 100GbE 1U, 32 QSFP28 ports; SN3700: Spectrum-2 200GbE 1U, 32 ports.'),
('sw-nvidia-sn5000', 'NVIDIA Spectrum SN5000 Switch Systems User Manual: Data Interfaces', 'https://docs.nvidia.com/networking/display/sn5000/data+interfaces', 'SN5600: 64 ports at 800GbE (100 Gb/s per lane); SN5400: 64 ports at 400GbE.');

INSERT INTO switch (id, vendor, name, price_usd, price_date, year, source, note,
                    protocol, speed_gbps, ports, rack_units, power_w) VALUES
('nvidia-quantum-qm8700', 'NVIDIA', 'Quantum QM8700 HDR InfiniBand switch', NULL, NULL, NULL, 'sw-nvidia-qm87xx',
 '40 ports at HDR 200 Gb/s, 1U (QM87xx user manual). The port count of 40 is the QM87xx family figure, not re-read on the page stored.',
 'infiniband', 200, 40, 1, NULL),
('nvidia-quantum-2-qm9700', 'NVIDIA', 'Quantum-2 QM9700 NDR InfiniBand switch', NULL, NULL, NULL, 'sw-nvidia-qm97xx',
 '32 OSFP cages x 2 logical ports = 64 ports at NDR 400 Gb/s, 1U (QM97xx user manual).',
 'infiniband', 400, 64, 1, NULL),
('nvidia-spectrum-sn2700', 'NVIDIA', 'Spectrum SN2700 Ethernet switch', NULL, NULL, NULL, 'sw-mlxsw-513',
 '32 QSFP28 ports at 100GbE, 1U (mlxsw release notes).',
 'ethernet', 100, 32, 1, NULL),
('nvidia-spectrum-2-sn3700', 'NVIDIA', 'Spectrum-2 SN3700 Ethernet switch', NULL, NULL, NULL, 'sw-mlxsw-513',
 '32 ports at 200GbE, 1U (mlxsw release notes).',
 'ethernet', 200, 32, 1, NULL),
('nvidia-spectrum-4-sn5600', 'NVIDIA', 'Spectrum-4 SN5600 Ethernet switch', NULL, NULL, NULL, 'sw-nvidia-sn5000',
 '64 OSFP ports at 800GbE; splits to 128x400GbE or 256x200GbE and below (SN5000 user manual). Height not confirmed in the page read: NULL.',
 'ethernet', 800, 64, NULL, NULL);
