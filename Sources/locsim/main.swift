import LocSimKit
