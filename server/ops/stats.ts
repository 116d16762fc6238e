// `stats [--days N]`: daily figures and each flow's funnel.
import type { Command } from 'commander';
import type { Services } from '../services/index';

export function addStatsCommand(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  void program;
  void services;
  void line;
}
