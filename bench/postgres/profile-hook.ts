/**
 * Imported first by profile-server.ts (`node --import`): the first SIGUSR2 starts the CPU
 * profiler, the second stops it and writes PROFILE_OUT, so only the measured load is profiled.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env['PROFILE_OUT']!, JSON.stringify(result.profile));
    process.send?.('profiled');
  });
});
