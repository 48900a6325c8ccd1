import { type ControllerOptions, SimulatedController } from './controller';

/** Several simulated controllers, started and stopped together; found by device code. */
export class SimulatorFleet {
  private readonly controllers = new Map<string, SimulatedController>();

  async add(options: ControllerOptions): Promise<SimulatedController> {
    await this.controllers.get(options.deviceId)?.stop();
    const controller = new SimulatedController(options);
    await controller.start();
    this.controllers.set(options.deviceId, controller);
    return controller;
  }

  get(deviceId: string): SimulatedController | undefined {
    return this.controllers.get(deviceId);
  }

  all(): SimulatedController[] {
    return [...this.controllers.values()];
  }

  async stop(): Promise<void> {
    const all = this.all();
    this.controllers.clear();
    await Promise.all(all.map((c) => c.stop()));
  }
}
